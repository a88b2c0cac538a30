import { skeleton } from './primitives.css';

/** A placeholder sized like the content it stands for, so nothing moves when the content lands. */
export function Skeleton({ width = '100%', height, radius }: { width?: string | number; height: string | number; radius?: string }) {
  return <span aria-hidden="true" className={skeleton} style={{ width, height, borderRadius: radius }} />;
}
