import { host, isInside } from './host';

/** A scan stops after this many folders, so a huge workspace cannot keep the server busy. */
const folderLimit = 20000;

/**
 * The manifest files of the workspace folders (files named manifest.json, or matched by
 * filerManifest.files.include), found by a scan that skips node_modules, dot-folders and symbolic
 * links, and kept current from file-watch events.
 */
export class WorkspaceManifests {
  private paths = new Set<string>();
  /** For each manifest validated from disk: the absolute paths of the files it names, to know what to revalidate. */
  private readonly dependencies = new Map<string, string[]>();

  has(filePath: string): boolean {
    return this.paths.has(filePath);
  }

  all(): string[] {
    return [...this.paths].sort();
  }

  add(filePath: string): void {
    this.paths.add(filePath);
  }

  remove(filePath: string): void {
    this.paths.delete(filePath);
    this.dependencies.delete(filePath);
  }

  setDependencies(filePath: string, files: string[]): void {
    this.dependencies.set(filePath, files);
  }

  /** The manifests (from disk) that name `changedPath` or a file below it. */
  dependentsOf(changedPath: string): string[] {
    const found: string[] = [];
    for (const [manifest, files] of this.dependencies) {
      if (files.some((file) => isInside(changedPath, file))) found.push(manifest);
    }
    return found;
  }

  /** Replaces the known set with what the folders hold now. */
  async scan(
    folders: string[],
    isCandidate: (filePath: string) => boolean,
    unreadable: (folder: string, error: unknown) => void,
  ): Promise<void> {
    const found = new Set<string>();
    await host().walkFolder(
      folders,
      { order: 'breadth-first', maxFolders: folderLimit },
      {
        file: (file) => {
          if (isCandidate(file.absolutePath)) found.add(file.absolutePath);
        },
        unreadable: (folder, error) => unreadable(folder.absolutePath, error),
      },
    );
    this.paths = found;
    for (const manifest of [...this.dependencies.keys()]) if (!found.has(manifest)) this.dependencies.delete(manifest);
  }
}
