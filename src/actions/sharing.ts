// Sharing actions, each written once: who a list or namespace is shared with (users, teams) and a list's link shares.
// They throw on failure: the share forms and their commands report it (and reload what is shared) their own way.
import * as api from '../api/sharing';
import type { Right, ShareTarget, TeamShare, UserShare } from '../api/sharing';
import * as links from '../api/linkShares';
import type { LinkShare } from '../api/linkShares';

/** Who the list or namespace is shared with. */
export async function loadShares(target: ShareTarget): Promise<{ users: UserShare[]; teams: TeamShare[] }> {
  const [users, teams] = await Promise.all([api.getUserShares(target), api.getTeamShares(target)]);
  return { users, teams };
}

export const shareWithUser = (target: ShareTarget, username: string, right: Right): Promise<void> => api.shareWithUser(target, username, right);
export const shareWithTeam = (target: ShareTarget, teamId: number, right: Right): Promise<void> => api.shareWithTeam(target, teamId, right);

/** Changes the right of a user's or a team's share. */
export function setRight(target: ShareTarget, share: { user?: UserShare; team?: TeamShare }, right: Right): Promise<void> {
  if (share.user) return api.updateUserShare(target, share.user.username, right);
  return api.updateTeamShare(target, share.team!.id, right);
}

/** Takes a user's or a team's share away. */
export function removeShare(target: ShareTarget, share: { user?: UserShare; team?: TeamShare }): Promise<void> {
  if (share.user) return api.removeUserShare(target, share.user.username);
  return api.removeTeamShare(target, share.team!.id);
}

export const loadLinkShares = (listId: number): Promise<LinkShare[]> => links.getLinkShares(listId);
export const createLinkShare = (listId: number, share: { name: string; right: Right; password: string }): Promise<LinkShare> => links.createLinkShare(listId, share);
export const deleteLinkShare = (listId: number, shareId: number): Promise<void> => links.deleteLinkShare(listId, shareId);
