import { autoProfile } from './auto.js';
import type { Profile, ProfileName } from './profile.js';
import { truckProfile } from './truck.js';

export type { Profile, ProfileName, WayRule } from './profile.js';
export { autoProfile, truckProfile };

export const PROFILES: Readonly<Record<ProfileName, Profile>> = { auto: autoProfile, truck: truckProfile };

export function isProfileName(name: string): name is ProfileName {
  return name === 'auto' || name === 'truck';
}
