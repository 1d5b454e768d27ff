// Shown wherever a user has no avatar of their own (frontend/public/images).
export const kDefaultAvatar = '/images/default-avatar.svg';
