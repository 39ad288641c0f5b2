import { defineRule } from '../rule';
import { quote } from '../messages';

export const capabilitiesRule = defineRule({
  code: 'manifest.capabilities',
  severity: 'error',
  description: 'capabilities[]: flat lowercase tags (^[a-z0-9]+([.-][a-z0-9]+)*$), e.g. channel.telegram, audio.stt.',
  shapeMessage: (_finding, field, value) =>
    `${field} ${quote(value)} is not a flat lowercase tag. Write lowercase letters and digits, in parts joined by single dots or hyphens, as in "channel.telegram" or "audio.stt".`,
});
