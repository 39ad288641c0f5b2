import { TextDocuments, type Connection } from 'vscode-languageserver';
import type { EditorDocument } from './editorDocument';
import { filePathOf, type ManifestCache, type ManifestVersion } from './manifestCache';
import { largeManifestLength, postponeMemoryRelease, releaseMemorySoon } from './memory';
import { runQuietly, type Logger } from './runSafe';

/** How long typing must pause before an edited document is validated again (push mode), or the files it names are. */
const editPauseMs = 150;

/** What the rest of the server does when an open document changes. */
interface DocumentEvents {
  /** Opened (`delayMs` 0) or edited (after a pause). */
  changed(uri: string, delayMs: number): void;
  saved(uri: string): void;
  /** Closed: from now on its text is read from the disk. */
  closed(uri: string): void;
}

/**
 * The documents open in the editor, each version parsed once by the ManifestCache: what every
 * feature reads, and the text of a file a manifest names while it is open there.
 */
export class OpenDocuments {
  private readonly documents: TextDocuments<EditorDocument>;
  /** The open documents by file path: a file a manifest names is read from the editor when it is open there. */
  private readonly uriByPath = new Map<string, string>();
  /**
   * TextDocuments fires onDidChangeContent right after onDidOpen: an opened document is validated at once, an edited
   * one after a pause.
   */
  private readonly justOpened = new Set<string>();

  constructor(private readonly cache: ManifestCache) {
    this.documents = new TextDocuments(cache.textDocuments);
  }

  get(uri: string): EditorDocument | undefined {
    return this.documents.get(uri);
  }

  all(): EditorDocument[] {
    return this.documents.all();
  }

  /** The one parse of this version of an open document. */
  entry(document: EditorDocument): ManifestVersion {
    return this.cache.get(document);
  }

  /** The open document's parsed version when it is a Filer manifest. */
  manifestFor(uri: string): ManifestVersion | undefined {
    const document = this.documents.get(uri);
    if (!document) return undefined;
    const entry = this.cache.get(document);
    return entry.isFilerManifest ? entry : undefined;
  }

  /** The editor's text of the file at `filePath`, unsaved changes included, when it is open. */
  textAt(filePath: string): string | undefined {
    return this.openAt(filePath)?.getText();
  }

  /** The open document of the file at `filePath` (its URI as the client names it, its version, its text). */
  openAt(filePath: string): EditorDocument | undefined {
    const uri = this.uriByPath.get(filePath);
    return uri === undefined ? undefined : this.documents.get(uri);
  }

  isOpen(filePath: string): boolean {
    return this.documents.all().some((document) => filePathOf(document.uri) === filePath);
  }

  /** Each event is handled on its own: one that throws is logged, and the next event is handled as ever. */
  listen(connection: Connection, events: DocumentEvents, logger: Logger): void {
    this.documents.onDidOpen((event) =>
      runQuietly(logger, `Opening ${event.document.uri}`, () => {
        postponeMemoryRelease();
        this.justOpened.add(event.document.uri);
        const filePath = filePathOf(event.document.uri);
        if (filePath) this.uriByPath.set(filePath, event.document.uri);
        events.changed(event.document.uri, 0);
      }),
    );
    this.documents.onDidChangeContent((event) =>
      runQuietly(logger, `Editing ${event.document.uri}`, () => {
        postponeMemoryRelease();
        if (this.justOpened.delete(event.document.uri)) return;
        events.changed(event.document.uri, editPauseMs);
      }),
    );
    this.documents.onDidSave((event) =>
      runQuietly(logger, `Saving ${event.document.uri}`, () => events.saved(event.document.uri)),
    );
    this.documents.onDidClose((event) =>
      runQuietly(logger, `Closing ${event.document.uri}`, () => {
        const uri = event.document.uri;
        const filePath = filePathOf(uri);
        if (filePath && this.uriByPath.get(filePath) === uri) this.uriByPath.delete(filePath);
        this.cache.delete(uri);
        if (event.document.getText().length >= largeManifestLength)
          releaseMemorySoon((message) => connection.console.warn(message));
        events.closed(uri);
      }),
    );
    this.documents.listen(connection);
  }
}
