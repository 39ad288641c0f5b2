import { hooksDocs } from './hooks.examples';
import { viewsDocs } from './views.examples';
import { actionSettingDocs } from './actionSetting.examples';
import { sandboxDocs } from './sandbox.examples';
import { staticFsDocs } from './staticFs.examples';
import { toolHandlerDocs } from './toolHandler.examples';

/** The quotes and examples of every rule of the area. */
export const processDocs = [hooksDocs, viewsDocs, actionSettingDocs, sandboxDocs, staticFsDocs, toolHandlerDocs];
