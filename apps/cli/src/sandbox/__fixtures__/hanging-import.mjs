// A ranker plug-in whose top-level code never settles: importing it never finishes.
await new Promise(() => {});

export default {
  specificationVersion: 'v1',
  name: 'hanging-import',
  queryKind: 'keywords',
  create: () => {
    throw new Error('never reached');
  },
};
