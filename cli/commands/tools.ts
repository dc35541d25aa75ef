import { publishTools } from '../../lib/publish/publish';
import { defineCommand, EXIT_OK, EXIT_PROBLEMS, NO_OPTIONS } from '../command';
import { loadPublishable } from '../load';

export const tools = defineCommand({
  name: 'tools',
  usage: 'tools <skill folder or .zip>',
  summary: 'Print the published tools as JSON (the tools.json array)',
  help: [
    'Prints the {name, alias, description, parameters} tools a model is given, in',
    'file-name order, as the JSON array an export writes to tools.json.',
    'A skill with errors publishes nothing: its errors go to stderr and the exit is 1.',
  ].join('\n'),
  options: NO_OPTIONS,
  positionals: [1, 1],
  async run({ positionals: [path], io }) {
    const pkg = await loadPublishable(path, io);
    if (!pkg) return EXIT_PROBLEMS;
    io.out(JSON.stringify(publishTools(pkg), null, 2));
    return EXIT_OK;
  },
});
