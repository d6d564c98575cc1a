/** The subcommands of `fleetroute`; each loads the configuration it needs. */
import { runUsersCommand } from './users-command.js';
import { loadConfig, separateConfigFlags, type Config } from '../config.js';
import { IMPORT_USAGE, runImportCommand } from './import-command.js';
import { runSolveCommand, SOLVE_USAGE } from './solve-command.js';
import { serve } from './serve.js';

export interface Command {
  usage: string;
  summary: string;
  run(args: string[], env: NodeJS.ProcessEnv): Promise<number>;
}

type ToolCommand = (args: string[], config: Config, out: (line: string) => void) => Promise<number>;

/** A command whose arguments mix its own with configuration flags such as `--data-dir`. */
function withConfigFlags(command: ToolCommand): Command['run'] {
  return (args, env) => {
    const { configArgs, commandArgs } = separateConfigFlags(args);
    return command(commandArgs, loadConfig(configArgs, env).config, (line) => console.log(line));
  };
}

export const commands: Record<string, Command> = {
  serve: {
    usage: 'serve [--map FILE] [options]',
    summary: 'serve the HTTP API (the default command)',
    run: (args, env) => serve(loadConfig(args, env).config),
  },
  import: {
    usage: `${IMPORT_USAGE} [--data-dir D]`,
    summary: 'import an OSM extract into the cache (road graphs and hierarchies, those of every traffic hour too, auto and truck)',
    run: withConfigFlags(runImportCommand),
  },
  solve: {
    usage: SOLVE_USAGE,
    summary: 'solve a planning problem or benchmark instance and print one JSON summary',
    run: (args) => runSolveCommand(args, process.stdout),
  },
  users: {
    usage: 'users add|remove|list [NAME] [--password P] [--jwt] [--data-dir D]',
    summary: 'manage accounts in the users file (FLEETROUTE_USERS_FILE or <data-dir>/users.json)',
    run: withConfigFlags(runUsersCommand),
  },
};
