// A mod plug-in file that throws while it is imported.
throw new Error('broken at load');
