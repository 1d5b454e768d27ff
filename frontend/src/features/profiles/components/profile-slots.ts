import type { ComponentType } from 'react';

// What the profile pages show from other features (the app fills these): the invitation to one of the
// visitor's open orders (bids over orders) and "Write a message" (messenger).
export interface ProfileSlots {
  Actions?: ComponentType<{ performerId: number }>;
  Contact?: ComponentType<{ userId: number }>;
}
