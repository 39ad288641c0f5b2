import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { ServerHost } from '../lsp/host';
import { fileStamp, fileStampAsync, pathExists } from './fileStamp';
import { walkFolder, walkFolderSync } from './folderWalk';
import { FolderWatcher } from './folderWatcher';
import { NodePluginFolder } from './nodePluginFolder';
import { findConfigPath, readConfigFile } from './configFiles';
import { readFileInside, realpathOrUndefined } from './safeRead';

let collect: (() => void) | undefined;

/** The language server's host in Node: the disk, read-only, through this folder's modules. */
export const nodeHost: ServerHost = {
  runtime: `Node.js ${process.version}`,
  paths: {
    sep: path.sep,
    join: path.join,
    dirname: path.dirname,
    basename: path.basename,
    relative: path.relative,
    resolve: path.resolve,
    isAbsolute: path.isAbsolute,
    fileUri: (filePath) => pathToFileURL(filePath).href,
    pathOfFileUri: (uri) => fileURLToPath(uri),
  },
  caseInsensitive: process.platform === 'win32' || process.platform === 'darwin',
  pluginFolder: (root) => new NodePluginFolder(root),
  readFileInside,
  realpath: realpathOrUndefined,
  findConfigPath,
  readConfigFile,
  fileStamp,
  fileStampAsync,
  pathExists,
  walkFolder,
  walkFolderSync,
  watchFolders: (onChange, logger) => new FolderWatcher(onChange, logger),
  /**
   * Node offers no collection without the --expose-gc flag, and the server is started by editors we do not control:
   * the flag is set at run time and `gc` taken from a fresh context, as Jest's leak detector does.
   */
  collectGarbage() {
    if (!collect) {
      setFlagsFromString('--expose-gc');
      collect = runInNewContext('gc') as () => void;
    }
    collect();
  },
};
