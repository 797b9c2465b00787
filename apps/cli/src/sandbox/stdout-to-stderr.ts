// Imported first by a plug-in's worker: what the plug-in prints (console.log, process.stdout) goes to
// stderr, since the process's stdout is a command's answer (--json) or serve's MCP stdio channel.
process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;
