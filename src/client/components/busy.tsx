import { Spinner } from './spinner';

/** A spinner inside a button or status line; the text beside it says what is happening. */
export function Busy() {
  return (
    <span aria-hidden="true">
      <Spinner />
    </span>
  );
}
