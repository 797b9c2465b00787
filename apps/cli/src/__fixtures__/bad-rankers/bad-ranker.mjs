// A plug-in ranker that misbehaves as LOADOUT_BAD says: `nan` (NaN scores), `ghost` (a tool not
// in the catalog), `throw` (search throws). One module, three definitions, for the tests of
// checkRankerResult on every CLI surface.
function make(name, mode) {
  return {
    specificationVersion: 'v1',
    name,
    queryKind: 'keywords',
    description: `misbehaves: ${mode}`,
    create: () => {
      let tools = [];
      return {
        specificationVersion: 'v1',
        name,
        get size() {
          return tools.length;
        },
        index(next) {
          tools = [...next];
        },
        add(added) {
          tools.push(...added);
        },
        remove() {},
        search(_query, options = {}) {
          const limit = options.limit ?? 5;
          if (mode === 'throw') throw new TypeError('cannot read properties of undefined');
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
