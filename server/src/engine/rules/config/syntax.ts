import { defineRule } from '../rule';
import { config } from './shared';

export const decision =
  'Not in the reference: the config file is this tool’s. Strict JSON, as the manifest is, so that one parser reads both and no editor reads it otherwise. What the tolerant parse still reads of it applies; an error, so that a CI run does not pass with a team’s decisions half read.';

export const syntaxRule = defineRule({
  code: 'config.syntax',
  severity: 'error',
  description: `${config} is not JSON as JSON.parse reads it (a syntax error, a comment, a trailing comma, a duplicate key, or a value nested past 512 levels).`,
  message: ({ problem }: { problem: string }) =>
    `${config} is not valid JSON here: ${problem}. Its settings are read only as far as they can be; write it as strict JSON (no comments, no trailing commas).`,
});
