/** A toast's text with, under it, the server's explanation when there is one. */
export function ToastText({ title, detail }: { title: string; detail?: string }) {
  return (
    <span>
      <strong>{title}</strong>
      {detail && (
        <>
          <br />
          {detail}
        </>
      )}
    </span>
  );
}
