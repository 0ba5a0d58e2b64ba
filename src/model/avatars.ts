// Avatar values shared by the settings page and the API layer.

/** Where an avatar comes from, in the order the settings page offers them. */
export const AVATAR_PROVIDERS = ['default', 'initials', 'gravatar', 'marble', 'upload'] as const;
export type AvatarProvider = (typeof AVATAR_PROVIDERS)[number];
