/** What the images' stack hands the journey: its address, its mailbox folder and the first admin. */
export interface ImagesStack {
  url: string;
  /** The folder mounted as notifications' mailbox: every email sent, as `.eml` files. */
  mailbox: string;
  admin: { username: string; password: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    imagesStack: ImagesStack;
  }
}
