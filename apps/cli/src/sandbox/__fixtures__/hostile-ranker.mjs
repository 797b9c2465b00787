// A ranker plug-in that misbehaves on request: the query's first word says how.
// "loop" spins forever, "hang" never resolves, "oom" allocates without bound,
// "throw" throws, "exit" ends its thread, "ghost" returns a tool the catalog lacks;
// any other query returns the tools whose name contains a query word.
// Options make create or index throw: `throwIn` ('create', 'index', 'index-string': a string
// thrown, not an Error), the first `times` calls (default all); `hangIn: 'create'` makes create never resolve;
// `notARanker` makes create return `{ name }`, an object without index or search.
let tools = [];
let thrown = 0;

function maybeThrow(options, stage) {
  if (!options.throwIn?.startsWith(stage) || thrown >= (options.times ?? Infinity)) return;
  thrown++;
  if (options.throwIn === 'index-string') throw 'a string, not an Error';
  throw new Error(`${stage} bug\n    at ${stage} (file:///plug-in/hostile-ranker.mjs:1:1)`);
}

export default {
  specificationVersion: 'v1',
  name: 'hostile',
  queryKind: 'keywords',
  options: {
    throwIn: { type: 'string', values: ['create', 'index', 'index-string'], description: 'where to throw' },
    times: { type: 'integer', min: 0, description: 'throw the first this many times only' },
    hangIn: { type: 'string', values: ['create'], description: 'where to never resolve' },
    notARanker: { type: 'boolean', description: 'create returns an object that is not a ranker' },
  },
  create: (options = {}) => {
    if (options.hangIn === 'create') return new Promise(() => {});
    if (options.notARanker === true) return { name: 'hostile' };
    maybeThrow(options, 'create');
    return {
      specificationVersion: 'v1',
      name: 'hostile',
      get size() {
        return tools.length;
      },
      index(next) {
        maybeThrow(options, 'index');
        tools = [...next];
      },
      add(next) {
        tools.push(...next);
      },
      remove(names) {
        tools = tools.filter((tool) => !names.includes(tool.displayName));
      },
      search(query, options = {}) {
        const [how] = query.split(' ');
        if (how === 'loop') for (;;);
        if (how === 'hang') return new Promise(() => {});
        if (how === 'oom') {
          const kept = [];
          for (;;) kept.push(new Array(100_000).fill(query));
        }
        if (how === 'throw') throw new Error('plug-in bug');
        if (how === 'exit') process.exit(7);
        if (how === 'ghost') return [{ tool: { displayName: 'ghost' }, score: 1 }];
        const words = query.split(' ');
        return tools
          .filter((tool) => (options.filter ?? (() => true))(tool) && words.some((word) => tool.displayName.includes(word)))
          .slice(0, options.limit ?? 5)
          .map((tool, index) => ({ tool, score: 1 / (index + 1) }));
      },
    };
  },
};
