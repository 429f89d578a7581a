// Rules of the materials feature, and its permissions in one place:
// the owning tutor of an approved session adds, edits and deletes; students see the
// materials of sessions they have a confirmed booking on; admins see all and remove any.
import type { Material } from '#contract/materials.ts';
import type { CoreDeps } from '#server/core-deps.ts';
import { actorOf, recordAudit } from '#server/audit/audit-log.ts';
import type { CurrentUser } from '#server/auth/current-user.ts';
import { conflict, forbidden, notFound } from '#server/errors.ts';
import { newId } from '#server/ids.ts';
import { cleanFileName } from './material-file-name.ts';
import { materialFileStore, type StoredFile } from './material-file-store.ts';
import { materialRepository, type MaterialRow, type MaterialScope } from './material-repository.ts';

export interface UploadedFile {
  bytes: Buffer;
  /** The name the browser sent; only ever shown back, never used on disk. */
  fileName: string;
}

/** New content of a material: a link or an uploaded file (or neither, to keep the current one). */
export type MaterialContent = { link: string } | { file: UploadedFile } | null;

const NOT_FOUND = 'errors.materials.notFound';

export function toMaterialDto(row: MaterialRow): Material {
  return {
    id: row.id,
    sessionId: row.sessionId,
    sessionTitle: row.sessionTitle,
    tutorId: row.tutorId,
    tutorName: row.tutorName,
    title: row.title,
    kind: row.fileKey ? 'file' : 'link',
    link: row.fileKey ? null : row.link,
    fileUrl: row.fileKey ? `/api/materials/${row.id}/file` : null,
    fileName: row.fileKey ? cleanFileName(row.fileName ?? '', row.mimeType ?? '') : null,
    mimeType: row.fileKey ? row.mimeType : null,
    fileSize: row.fileKey ? row.fileSize : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function materialService(deps: Pick<CoreDeps, 'db' | 'files' | 'now'>) {
  const repo = materialRepository(deps.db.kysely);
  const files = materialFileStore(deps.files);

  async function findOr404(id: string): Promise<MaterialRow> {
    const row = await repo.findById(id);
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  // --- permissions -------------------------------------------------------------------------

  async function assertCanAddTo(me: CurrentUser, sessionId: string): Promise<void> {
    if (me.role !== 'tutor') throw forbidden('errors.materials.tutorsOnly');
    const session = await repo.findSession(sessionId);
    if (!session) throw notFound('errors.materials.noSession');
    if (session.tutorId !== me.id) throw forbidden('errors.materials.ownSessions');
    if (session.status !== 'approved') throw conflict('errors.materials.approvedOnly');
  }

  function assertCanEdit(me: CurrentUser, row: MaterialRow): void {
    if (me.role !== 'tutor' || row.tutorId !== me.id) throw forbidden('errors.materials.editOwn');
  }

  function assertCanDelete(me: CurrentUser, row: MaterialRow): void {
    if (me.role === 'admin') return;
    if (me.role !== 'tutor' || row.tutorId !== me.id) throw forbidden('errors.materials.deleteOwn');
  }

  async function assertCanRead(me: CurrentUser, row: MaterialRow): Promise<void> {
    if (me.role === 'admin') return;
    if (me.role === 'tutor' && row.tutorId === me.id) return;
    // Cancelling removes the booking row, and with it the access.
    if (me.role === 'student' && (await repo.hasConfirmedBooking(row.sessionId, me.id))) return;
    throw forbidden('errors.materials.bookedOnly');
  }

  function scopeOf(me: CurrentUser): MaterialScope {
    if (me.role === 'admin') return 'all';
    if (me.role === 'tutor') return { tutorId: me.id };
    return { studentId: me.id };
  }

  // --- content -----------------------------------------------------------------------------

  async function store(file: UploadedFile): Promise<StoredFile & { fileName: string }> {
    const stored = await files.save(file.bytes);
    return { ...stored, fileName: cleanFileName(file.fileName, stored.mimeType) };
  }

  /** Runs `write` with a freshly stored file, removing the file again if the write fails. */
  async function withStoredFile<T>(file: UploadedFile, write: (stored: StoredFile & { fileName: string }) => Promise<T>): Promise<T> {
    const stored = await store(file);
    try {
      return await write(stored);
    } catch (error) {
      await files.remove(stored.fileKey);
      throw error;
    }
  }

  return {
    async list(me: CurrentUser, query: { sessionId?: string; cursor?: string; limit: number }) {
      const page = await repo.list(scopeOf(me), query);
      return { items: page.items.map(toMaterialDto), nextCursor: page.nextCursor };
    },

    async create(me: CurrentUser, input: { sessionId: string; title: string; content: { link: string } | { file: UploadedFile } }): Promise<Material> {
      await assertCanAddTo(me, input.sessionId);
      const now = deps.now().toISOString();
      const base = { id: newId(), sessionId: input.sessionId, tutorId: me.id, title: input.title, createdAt: now, updatedAt: now };
      if ('link' in input.content) {
        await repo.insert({ ...base, link: input.content.link, fileKey: null, fileName: null, mimeType: null, fileSize: null });
      } else {
        await withStoredFile(input.content.file, (stored) => repo.insert({ ...base, ...stored, link: null }));
      }
      return toMaterialDto(await findOr404(base.id));
    },

    async update(me: CurrentUser, id: string, input: { title: string; content: MaterialContent }): Promise<Material> {
      const row = await findOr404(id);
      assertCanEdit(me, row);
      const updatedAt = deps.now().toISOString();
      const content = input.content;
      if (content === null) {
        await repo.update(id, { title: input.title, updatedAt });
      } else if ('link' in content) {
        await repo.update(id, { title: input.title, updatedAt, link: content.link, fileKey: null, fileName: null, mimeType: null, fileSize: null });
      } else {
        await withStoredFile(content.file, (stored) => repo.update(id, { title: input.title, updatedAt, ...stored, link: null }));
      }
      if (content !== null && row.fileKey) await files.remove(row.fileKey);
      return toMaterialDto(await findOr404(id));
    },

    async remove(me: CurrentUser, id: string, ip: string | null = null): Promise<void> {
      const row = await findOr404(id);
      assertCanDelete(me, row);
      // An admin removing a tutor's material is in the audit log, written with the delete.
      const deleted = me.role !== 'admin'
        ? await repo.delete(id)
        : await deps.db.unitOfWork(async (work) => {
          const trx = await work.db();
          const gone = await materialRepository(trx).delete(id);
          if (gone) {
            await recordAudit(trx, actorOf(me, ip), { action: 'material.removed', targetType: 'material', targetId: id, details: { title: row.title, sessionId: row.sessionId, sessionTitle: row.sessionTitle, tutorId: row.tutorId } }, deps.now());
          }
          return gone;
        });
      await files.remove(deleted?.fileKey);
    },

    /** The stored file of a material, for a caller allowed to read it. */
    async openFile(me: CurrentUser, id: string) {
      const row = await findOr404(id);
      await assertCanRead(me, row);
      if (!row.fileKey) throw notFound('errors.materials.isLink');
      const download = files.download(row.fileKey);
      if (!download) throw notFound('errors.materials.fileMissing');
      const mimeType = row.mimeType ?? 'application/octet-stream';
      return { download, mimeType, fileName: cleanFileName(row.fileName ?? '', mimeType) };
    },

    /**
     * Deletes a session's materials and their files. The sessions feature may call this before
     * deleting a session; otherwise the rows go by cascade and the files stay as orphans.
     */
    async removeAllOfSession(sessionId: string): Promise<void> {
      const deleted = await repo.deleteOfSession(sessionId);
      for (const d of deleted) await files.remove(d.fileKey);
    },
  };
}

export type MaterialService = ReturnType<typeof materialService>;
