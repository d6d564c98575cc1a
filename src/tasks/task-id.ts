import { randomBytes } from 'node:crypto';

/** 16 random bytes as 22 base64url characters (docs/api.md, Tasks). */
export function newTaskId(): string {
  return randomBytes(16).toString('base64url');
}
