/** Reading and checking option values of admin commands. */
import { Code } from '@ac/protocol/codes';
import { AppError } from '../lib/app-error.ts';
import type { AdminArgs } from './admin-context.ts';

export function text(args: AdminArgs, name: string): string {
  const v = args.values[name];
  if (typeof v !== 'string' || v === '') throw new AppError(Code.invalidParam, `--${name} is required`);
  return v;
}

export function optionalText(args: AdminArgs, name: string): string | undefined {
  const v = args.values[name];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

export function int(args: AdminArgs, name: string, fallback?: number): number {
  const v = optionalText(args, name);
  if (v === undefined) {
    if (fallback === undefined) throw new AppError(Code.invalidParam, `--${name} is required`);
    return fallback;
  }
  if (!/^-?\d+$/.test(v)) throw new AppError(Code.invalidParam, `--${name} must be a whole number`);
  return Number(v);
}

export function positional(args: AdminArgs, index: number, what: string): string {
  const v = args.positionals[index];
  if (!v) throw new AppError(Code.invalidParam, `${what} is required`);
  return v;
}

export function oneOf<T extends string>(value: string, allowed: readonly T[], what: string): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw new AppError(Code.invalidParam, `${what} must be one of ${allowed.join(', ')}`);
  }
  return value as T;
}
