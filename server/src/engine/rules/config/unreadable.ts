import { defineRule } from '../rule';
import { quote } from '../messages';

export const decision =
  'Not in the reference: the config file is read as every file is (host/safeRead.ts), and nothing is read past it (a config file further up does not stand in for it). An error, since the team’s decisions it holds are not applied: the manifest is checked with the defaults and the user’s own settings. Said in the manifest, which the editor shows, rather than in a file that cannot be opened.';

export const unreadableRule = defineRule({
  code: 'config.unreadable',
  severity: 'error',
  description:
    'The filer-manifest.config.json nearest a manifest cannot be read: a symbolic link (never followed), a folder, a FIFO or a device, a file past 16 MiB, or one the system refuses. Said at the start of each manifest it would govern.',
  message: ({ configPath, why }: { configPath: string; why: string }) =>
    `The config file ${quote(configPath)} cannot be read (${why}): this manifest is checked without its rules, overrides and suppressions. Make it a regular file under 16 MiB.`,
});
