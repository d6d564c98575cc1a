/** The subcommands of `fleetroute`; each loads the configuration it needs. */
import { runUsersCommand } from '../auth/users-command.js';
import { loadConfig, separateConfigFlags } from '../config.js';
import { serve } from './serve.js';

export interface Command {
  usage: string;
  summary: string;
  run(args: string[], env: NodeJS.ProcessEnv): Promise<number>;
}

export const commands: Record<string, Command> = {
  serve: {
    usage: 'serve [--map FILE] [options]',
    summary: 'serve the HTTP API (the default command)',
    run: (args, env) => serve(loadConfig(args, env).config),
  },
  users: {
    usage: 'users add|remove|list [NAME] [--password P] [--jwt] [--data-dir D]',
    summary: 'manage accounts in the users file (FLEETROUTE_USERS_FILE or <data-dir>/users.json)',
    run: (args, env) => {
      const { configArgs, commandArgs } = separateConfigFlags(args);
      return runUsersCommand(commandArgs, loadConfig(configArgs, env).config, (line: string) => console.log(line));
    },
  },
};
