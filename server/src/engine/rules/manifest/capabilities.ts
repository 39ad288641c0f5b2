import { defineRule } from '../rule';
import { quote } from '../messages';

export const capabilitiesRule = defineRule({
  code: 'manifest.capabilities',
  severity: 'error',
  description: 'capabilities[]: flat lowercase tags (^[a-z0-9]+([.-][a-z0-9]+)*$), e.g. channel.telegram, audio.stt.',
  shapeMessage: (_finding, field, value) =>
    `${field} ${quote(value)} must be a flat lowercase tag (^[a-z0-9]+([.-][a-z0-9]+)*$), e.g. "channel.telegram" or "audio.stt".`,
});
