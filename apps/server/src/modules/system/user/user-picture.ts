import { updatedBy } from '../../../kernel/db/tenant-db';
import { AppError } from '../../../kernel/errors/app-error';
import { fileRegister, imageContentType } from '../../../kernel/files/file-register';
import { detectImageType, MAX_UPLOAD_BYTES } from '../../../kernel/files/file-store';
import type { UserContext } from '../../../kernel/http/context';
import type { Kernel } from '../../../kernel/http/kernel';
import { userRepo as repo } from './user.repo';

/**
 * Sets the caller's avatar or e-signature picture (jpg/png checked by content, 10 MB): the file stored, entered in
 * the file register with the account that uses it (platform/file), the previous picture released and removed.
 * Both `sysUser/uploadAvatar` and Admin.NET's `sysFile/uploadAvatar` come here.
 */
export async function storeOwnPicture(kernel: Kernel, ctx: UserContext, kind: 'avatar' | 'signature', data: Buffer) {
  const tdb = kernel.tenantDb(ctx);
  const type = detectImageType(data);
  if (!type || data.length > MAX_UPLOAD_BYTES) throw new AppError('imageInvalid');
  const key = `users/${ctx.tenantId}/${ctx.userId}/${kind}-${kernel.ids.next()}.${type}`;
  await kernel.files.put(key, data);
  const before = await repo.own(tdb, ctx.userId);
  await repo.update(tdb, ctx.userId, { [kind]: key, ...updatedBy(ctx, Date.now()) });
  const fileId = kernel.ids.next();
  await fileRegister.record(tdb, {
    id: fileId,
    key,
    name: `${kind}.${type}`,
    contentType: imageContentType(type),
    data,
    bizType: kind === 'avatar' ? 'userAvatar' : 'userSignature',
    bizId: ctx.userId,
    userId: ctx.userId,
  });
  const old = before?.[kind];
  if (old) {
    await fileRegister.release(tdb, old);
    await kernel.files.remove(old).catch(() => undefined);
  }
  return { url: `/api/sysUser/image/${kind}/${ctx.userId}?v=${key.split('/').pop()}`, fileId };
}
