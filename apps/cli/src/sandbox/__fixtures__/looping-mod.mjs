// A mod that spins forever on the weather server's send_alert, and marks every other description.
export default {
  name: 'looping',
  hooks: {
    'tool.describe'(event, next) {
      if (event.tool.name === 'send_alert') for (;;);
      return { description: `${next().description} (modded)` };
    },
  },
};
