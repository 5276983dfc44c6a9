/** The venue file cannot be used as it is; the message names the file and what to do. */
export class VenueFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VenueFileError';
  }
}
