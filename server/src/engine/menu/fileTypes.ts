/**
 * How a selected file's name matches an action's `fileExtensions` and `fileTypes`.
 *
 * The reference only says both decide "when the action is offered". Our reading, used by the
 * preview and documented in the README:
 * - `fileExtensions` entries are extensions, with or without the leading dot, case-insensitive;
 *   `.tar.gz` matches `backup.tar.gz` (the name ends with it).
 * - `fileTypes` entries are one of: an extension (`.md`, same as above); a MIME type (`image/png`) or a
 *   MIME wildcard (`image/*`); or a group name: a MIME top-level type (`text`, `image`, `audio`,
 *   `video`) or one of `document`, `spreadsheet`, `presentation`, `pdf`, `archive`, `code`.
 *   A file's type comes from its extension through the table below; an unknown extension has no
 *   type and matches no `fileTypes` entry except an extension.
 * - Every filter the action declares must admit every selected file (they narrow, they do not widen).
 */

interface FileType {
  mime: string;
  groups: string[];
}

const types = new Map<string, FileType>();
function define(extensions: string[], mime: string, ...groups: string[]): void {
  for (const extension of extensions) types.set(extension, { mime, groups });
}

define(['txt', 'text', 'log'], 'text/plain', 'document');
define(['md', 'markdown'], 'text/markdown', 'document');
define(['csv'], 'text/csv', 'spreadsheet');
define(['tsv'], 'text/tab-separated-values', 'spreadsheet');
define(['html', 'htm'], 'text/html', 'code');
define(['css'], 'text/css', 'code');
define(['xml'], 'text/xml', 'code');
define(['js', 'mjs', 'cjs'], 'text/javascript', 'code');
define(
  ['ts', 'tsx', 'jsx', 'py', 'rb', 'go', 'rs', 'java', 'c', 'h', 'cpp', 'cs', 'sh', 'ps1', 'yaml', 'yml', 'toml'],
  'text/plain',
  'code',
);
define(['json'], 'application/json', 'code');
define(['pdf'], 'application/pdf', 'document', 'pdf');
define(['doc'], 'application/msword', 'document');
define(['docx'], 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'document');
define(['odt'], 'application/vnd.oasis.opendocument.text', 'document');
define(['rtf'], 'application/rtf', 'document');
define(['xls'], 'application/vnd.ms-excel', 'spreadsheet');
define(['xlsx'], 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'spreadsheet');
define(['ods'], 'application/vnd.oasis.opendocument.spreadsheet', 'spreadsheet');
define(['ppt'], 'application/vnd.ms-powerpoint', 'presentation');
define(['pptx'], 'application/vnd.openxmlformats-officedocument.presentationml.presentation', 'presentation');
define(['odp'], 'application/vnd.oasis.opendocument.presentation', 'presentation');
define(['png'], 'image/png');
define(['jpg', 'jpeg'], 'image/jpeg');
define(['gif'], 'image/gif');
define(['webp'], 'image/webp');
define(['svg'], 'image/svg+xml');
define(['bmp'], 'image/bmp');
define(['tif', 'tiff'], 'image/tiff');
define(['heic'], 'image/heic');
define(['mp3'], 'audio/mpeg');
define(['wav'], 'audio/wav');
define(['ogg'], 'audio/ogg');
define(['m4a'], 'audio/mp4');
define(['flac'], 'audio/flac');
define(['mp4'], 'video/mp4');
define(['mov'], 'video/quicktime');
define(['webm'], 'video/webm');
define(['mkv'], 'video/x-matroska');
define(['avi'], 'video/x-msvideo');
define(['zip'], 'application/zip', 'archive');
define(['gz', 'tgz'], 'application/gzip', 'archive');
define(['tar'], 'application/x-tar', 'archive');
define(['7z'], 'application/x-7z-compressed', 'archive');
define(['rar'], 'application/vnd.rar', 'archive');

/** `.md`, `md` and `.MD` all mean `.md`. */
function normalizeExtension(extension: string): string {
  const trimmed = extension.trim().toLowerCase();
  return trimmed.startsWith('.') ? trimmed : `.${trimmed}`;
}

/** The last extension of a file name, lowercase with its dot (`.gz` for `a.tar.gz`), or '' for none. */
function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? name;
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot).toLowerCase() : '';
}

export function matchesExtension(name: string, extension: string): boolean {
  const wanted = normalizeExtension(extension);
  return wanted.length > 1 && name.toLowerCase().endsWith(wanted) && name.length > wanted.length;
}

export function matchesFileType(name: string, fileType: string): boolean {
  const wanted = fileType.trim().toLowerCase();
  if (wanted.startsWith('.')) return matchesExtension(name, wanted);
  const type = types.get(extensionOf(name).slice(1));
  if (!type) return false;
  if (wanted.includes('/')) {
    return wanted.endsWith('/*') ? type.mime.startsWith(wanted.slice(0, -1)) : type.mime === wanted;
  }
  return type.mime.split('/')[0] === wanted || type.groups.includes(wanted);
}
