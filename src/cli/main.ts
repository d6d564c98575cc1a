#!/usr/bin/env node
/** `fleetroute [serve] | users … | --help | --version`: the process entry. */
import { ConfigError, settingsHelp } from '../config.js';
import { buildInfo } from '../server/build-info.js';
import { commands } from './commands.js';

const usage = `Usage: fleetroute [command] [options]

Commands:
${Object.entries(commands)
  .map(([, command]) => `  ${command.usage}\n      ${command.summary}`)
  .join('\n')}

Options and environment (flags win over environment variables):
${settingsHelp()}
`;

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(usage);
    return 0;
  }
  if (argv.includes('--version')) {
    console.log(buildInfo().version);
    return 0;
  }
  const name = argv[0] && !argv[0].startsWith('-') ? argv[0] : 'serve';
  const command = commands[name];
  if (!command) {
    console.error(`Unknown command "${name}".\n\n${usage}`);
    return 2;
  }
  return command.run(name === argv[0] ? argv.slice(1) : argv, process.env);
}

// Exits explicitly: a worker thread that fails to stop must not keep a finished command alive.
main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(error instanceof ConfigError ? 2 : 1);
  },
);
