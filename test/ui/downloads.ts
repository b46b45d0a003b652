/** A file the page handed the browser to save. */
export interface Download {
  name: string;
  blob: Blob;
}

/** jsdom has no object URLs and does not download: records the files a page hands the browser instead. */
export function recordDownloads(): Download[] {
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = jest.fn((blob: Blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = jest.fn();
  const downloads: Download[] = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ name: this.download, blob: blobs.get(this.href)! });
  });
  return downloads;
}
