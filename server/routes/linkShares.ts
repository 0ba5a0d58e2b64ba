// Link shares: PUT/GET /lists/:list/shares, GET/DELETE /lists/:list/shares/:share, and the public
// POST /shares/:hash/auth that trades a hash (and password) for a link-share token (API-NOTES §4, §11).
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import type { Auth } from '../context.js';
import type { LinkSharesTable } from '../db/schema.js';
import { authOf, idParam } from '../context.js';
import { apiError, forbidden } from '../errors.js';
import { Right, checkList, isValidRight, linkShareRight, maxRight, type RightLevel } from '../rights.js';
import { bodyObject, optInt, optString } from '../bodyFields.js';
import { paginate, searchMatcher } from '../pagination.js';
import { nowIso, toWireDate } from '../clock.js';
import { hashPassword, randomToken, verifyPassword } from '../auth/password.js';
import { signToken, AUTH_TYPE_LINK_SHARE, LINK_SHARE_TOKEN_TTL_S } from '../auth/jwt.js';
import { usersById } from '../serialize.js';
import type { Db } from '../db/database.js';
import { rateLimited } from '../rateLimit.js';

type ShareRow = Selectable<LinkSharesTable>;

export const SHARING_TYPE = { withoutPassword: 1, withPassword: 2 } as const;
const HASH_LENGTH = 40;

/**
 * Whether the caller may see a share's hash, which is the share's whole secret: anyone holding it signs in
 * with the share's right. List admins see every hash; others only the hashes of shares they made themselves
 * that do not exceed their current right (so a reader cannot collect a write or admin link and use it).
 */
function maySeeHash(viewer: { userId: number; right: RightLevel }, share: Pick<ShareRow, 'shared_by_id' | 'right'>): boolean {
  if (viewer.right >= Right.Admin) return true;
  return share.shared_by_id === viewer.userId && share.right <= viewer.right;
}

/**
 * The share as the API shows it: never the password hash, no list id. Hashes the viewer may not see are
 * sent as '' rather than leaving the share out, so the reference client's share list still renders for them.
 */
async function sharesJson(db: Db, rows: ShareRow[], viewer: { userId: number; right: RightLevel }) {
  const sharers = await usersById(
    db,
    rows.map((r) => r.shared_by_id),
  );
  return rows.map((s) => ({
    id: s.id,
    hash: maySeeHash(viewer, s) ? s.hash : '',
    name: s.name,
    right: s.right,
    sharing_type: s.sharing_type,
    password: '',
    shared_by: sharers.get(s.shared_by_id) ?? null,
    created: toWireDate(s.created),
    updated: toWireDate(s.updated),
  }));
}

/** Share management needs a signed-in user: a link-share session never sees or changes other shares. */
function userOnly(auth: Auth) {
  if (auth.kind !== 'user') throw forbidden();
  return auth;
}

async function shareOfList(db: Db, listId: number, shareId: number): Promise<ShareRow> {
  const share = await db.selectFrom('link_shares').selectAll().where('id', '=', shareId).where('list_id', '=', listId).executeTakeFirst();
  if (!share) throw apiError(3006);
  return share;
}

export default async function linkShares(app: FastifyInstance): Promise<void> {
  const { db, config } = app.ctx;
  // With link sharing off the routes do not exist (404), as in the reference.
  if (!config.linkSharingEnabled) return;

  app.put('/lists/:list/shares', async (req, reply) => {
    const auth = userOnly(authOf(req));
    const listId = idParam((req.params as { list: string }).list, 'list id');
    const body = bodyObject(req.body);
    const name = optString(body, 'name') ?? '';
    const password = optString(body, 'password') ?? '';
    const right = optInt(body, 'right') ?? 0;
    const { right: have } = await checkList(db, auth, listId, Right.ReadWrite);
    if (!isValidRight(right)) throw apiError(9001);
    // A share never carries more than its creator holds (writers may hand out read or write, only admins admin).
    if (right > have) throw forbidden();
    const now = nowIso();
    const row = await db
      .insertInto('link_shares')
      .values({
        hash: randomToken(HASH_LENGTH),
        name,
        list_id: listId,
        right,
        sharing_type: password ? SHARING_TYPE.withPassword : SHARING_TYPE.withoutPassword,
        password: password ? await hashPassword(password) : '',
        shared_by_id: auth.userId,
        created: now,
        updated: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    reply.code(201);
    maxRight(reply, have);
    return (await sharesJson(db, [row], { userId: auth.userId, right: have }))[0];
  });

  app.get('/lists/:list/shares', async (req, reply) => {
    const auth = userOnly(authOf(req));
    const listId = idParam((req.params as { list: string }).list, 'list id');
    const { right } = await checkList(db, auth, listId, Right.Read);
    const q = req.query as Record<string, unknown>;
    const match = searchMatcher(q.s);
    let rows = await db.selectFrom('link_shares').selectAll().where('list_id', '=', listId).orderBy('id').execute();
    if (match) rows = rows.filter((s) => match(s.id, s.hash, s.name));
    maxRight(reply, right);
    return sharesJson(db, paginate(reply, q, rows), { userId: auth.userId, right });
  });

  // The reference always answered 404 here; this returns the share when it belongs to the list.
  app.get('/lists/:list/shares/:share', async (req, reply) => {
    const auth = userOnly(authOf(req));
    const params = req.params as { list: string; share: string };
    const listId = idParam(params.list, 'list id');
    const { right } = await checkList(db, auth, listId, Right.Read);
    const share = await shareOfList(db, listId, idParam(params.share, 'share id'));
    maxRight(reply, right);
    return (await sharesJson(db, [share], { userId: auth.userId, right }))[0];
  });

  // Unlike the reference, the share must belong to the list in the path.
  app.delete('/lists/:list/shares/:share', async (req) => {
    const auth = userOnly(authOf(req));
    const params = req.params as { list: string; share: string };
    const listId = idParam(params.list, 'list id');
    const { right } = await checkList(db, auth, listId, Right.ReadWrite);
    const share = await shareOfList(db, listId, idParam(params.share, 'share id'));
    if (share.right === Right.Admin && right < Right.Admin) throw forbidden();
    await db.deleteFrom('link_shares').where('id', '=', share.id).execute();
    return { message: 'Successfully deleted.' };
  });

  app.post('/shares/:hash/auth', { onRequest: rateLimited(app) }, async (req) => {
    const hash = (req.params as { hash: string }).hash;
    const body = bodyObject(req.body);
    const password = optString(body, 'password') ?? '';
    const share = await db.selectFrom('link_shares').selectAll().where('hash', '=', hash).executeTakeFirst();
    if (!share) throw apiError(3006);
    if (share.sharing_type === SHARING_TYPE.withPassword) {
      if (password === '') throw apiError(13001);
      if (!(await verifyPassword(password, share.password))) throw apiError(13002);
    }
    // A link carries at most its creator's current right: one whose creator lost the list opens nothing.
    const right = await linkShareRight(db, share);
    if (right === null) throw apiError(3004);
    const token = await signToken(
      config.jwtSecret,
      {
        type: AUTH_TYPE_LINK_SHARE,
        id: share.id,
        hash: share.hash,
        list_id: share.list_id,
        right,
        sharedByID: share.shared_by_id,
        isLocalUser: true,
      },
      LINK_SHARE_TOKEN_TTL_S,
    );
    return {
      token,
      id: share.id,
      hash: share.hash,
      name: share.name,
      right: share.right,
      sharing_type: share.sharing_type,
      password: '',
      shared_by: null,
      created: toWireDate(share.created),
      updated: toWireDate(share.updated),
      list_id: share.list_id,
    };
  });
}
