import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a signed file link works (docs/api-contract.md#paging-export-import-upload). */
export const FILE_LINK_SECONDS = 300;

/** What a signed link grants: one file of one tenant, until `exp` (epoch seconds), shown inline or as attachment. */
export interface FileLinkClaims {
  tenantId: number;
  id: number;
  exp: number;
  inline: boolean;
}

/**
 * Signs and checks short-lived download links (HMAC-SHA256). The key is derived from the server's generated
 * secret (`kernel/auth/secret.ts`, kept in DATA_DIR, never a constant), under a label of its own, so a link
 * signature can never stand for a token signature or the other way round.
 */
export function createFileLinks(secret: Uint8Array, now: () => number = () => Math.floor(Date.now() / 1000)) {
  const key = createHmac('sha256', secret).update('shelfwise file links v1').digest();
  const mac = (c: FileLinkClaims) =>
    createHmac('sha256', key)
      .update(`${c.tenantId}.${c.id}.${c.exp}.${c.inline ? 1 : 0}`)
      .digest('base64url');
  return {
    /** The query of a link to a file, valid for FILE_LINK_SECONDS. */
    sign(tenantId: number, id: number, inline: boolean) {
      const exp = now() + FILE_LINK_SECONDS;
      const sig = mac({ tenantId, id, exp, inline });
      return { exp, query: `exp=${exp}&sig=${sig}&t=${tenantId}${inline ? '&inline=1' : ''}` };
    },
    /** Whether a link's signature is this server's and it has not expired yet. */
    verify(c: FileLinkClaims, sig: string): 'ok' | 'expired' | 'forged' {
      const want = Buffer.from(mac(c));
      const got = Buffer.from(sig);
      if (want.length !== got.length || !timingSafeEqual(want, got)) return 'forged';
      return c.exp < now() ? 'expired' : 'ok';
    },
  };
}

export type FileLinks = ReturnType<typeof createFileLinks>;
