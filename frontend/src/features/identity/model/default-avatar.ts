export const kDefaultAvatar = '/images/default-avatar.svg';
