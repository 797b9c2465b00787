// Two mods in one file, each wrapping the answer from beneath (docs/write-a-mod.md:
// a module may export an array of mods); "inner" loops forever on tools named "loop_*".
export default [
  {
    name: 'inner',
    hooks: {
      'tool.describe'(event, next) {
        if (event.tool.name.startsWith('loop_')) for (;;);
        return { description: `[inner] ${next().description}` };
      },
    },
  },
  {
    name: 'outer',
    hooks: {
      'tool.describe'(event, next) {
        const beneath = next();
        return { description: `[outer] ${beneath.description}` };
      },
    },
  },
];
