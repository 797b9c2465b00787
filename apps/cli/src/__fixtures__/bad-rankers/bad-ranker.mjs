// A plug-in ranker that misbehaves by its mode: `nan` (NaN scores), `ghost` (a tool not in the
// catalog), `throw` (search throws), `create` / `index` (those throw), `noisy` (writes to stdout
// and answers well), `unfiltered` (ignores the search's filter: the first tools, whatever it allows). One module, a definition per mode, for the tests of every CLI surface.
function make(name, mode) {
  return {
    specificationVersion: 'v1',
    name,
    queryKind: 'keywords',
    description: `misbehaves: ${mode}`,
    create: () => {
      if (mode === 'create') throw new Error('boom in create');
      if (mode === 'noisy') console.log('noisy create');
      let tools = [];
      return {
        specificationVersion: 'v1',
        name,
        get size() {
          return tools.length;
        },
        index(next) {
          if (mode === 'index') throw new Error('boom in index');
          tools = [...next];
        },
        add(added) {
          tools.push(...added);
        },
        remove() {},
        search(_query, options = {}) {
          const limit = options.limit ?? 5;
          if (mode === 'throw') throw new TypeError('cannot read properties of undefined');
          if (mode === 'noisy') {
            console.log('noisy search');
            return tools.slice(0, limit).map((tool, rank) => ({ tool, score: 1 / (1 + rank) }));
          }
          if (mode === 'unfiltered') return tools.slice(0, limit).map((tool, rank) => ({ tool, score: limit - rank }));
          if (mode === 'ghost') return [{ tool: { ...tools[0], name: 'ghost', displayName: 'ghost' }, score: 1 }];
          return tools.slice(0, limit).map((tool) => ({ tool, score: Number.NaN }));
        },
      };
    },
  };
}

export const nan = make('nan-ranker', 'nan');
export const ghost = make('ghost-ranker', 'ghost');
export const throwing = make('throwing-ranker', 'throw');
export const createThrowing = make('create-throwing', 'create');
export const indexThrowing = make('index-throwing', 'index');
export const noisy = make('noisy-ranker', 'noisy');
export const unfiltered = make('unfiltered-ranker', 'unfiltered');
