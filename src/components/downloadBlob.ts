/** Saves a file the app fetched itself (with the bearer token), as a link to it would. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoking in the same task can cancel the download in some browsers; the DataGrid's own export waits too.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
