// Mods that misbehave on request: the tool's name says how. "loop_*" spins
// forever, "oom_*" allocates without bound, "throw_*" throws, "promise_*"
// answers with a promise; any other tool gets its description from beneath
// with " (sandboxed)" added, and "rename_*" asks beneath with a changed event.
export default [
  {
    name: 'hostile',
    hooks: {
      'tool.describe'(event, next) {
        const name = event.tool.name;
        if (name.startsWith('loop_')) for (;;);
        if (name.startsWith('oom_')) {
          const kept = [];
          for (;;) kept.push(new Array(100_000).fill(name));
        }
        if (name.startsWith('throw_')) throw new Error('mod bug');
        if (name.startsWith('promise_')) return Promise.resolve({ description: 'late' });
        const beneath = name.startsWith('rename_') ? next({ ...event, description: `renamed ${event.description}` }) : next();
        return { description: `${beneath.description} (sandboxed)` };
      },
    },
  },
];
