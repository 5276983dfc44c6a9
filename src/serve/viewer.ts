/**
 * What the SSH server hands a face for each viewer, and what it expects back. The server
 * owns the connection; the face (one dashboard per viewer over the shared session) owns
 * what is drawn. Neither knows the other's internals.
 */

/**
 * A viewer's keyboard. Typed as the process's stdin so ink's `render()` takes it as it is;
 * it is a stream of the SSH channel's bytes, and the tty calls ink makes (`setRawMode`,
 * `ref`, `unref`) are accepted and do nothing: the client's own terminal is already raw,
 * since OpenSSH puts it so whenever it asks for a pty.
 */
export type ViewerStdin = NodeJS.ReadStream & { isTTY: true };

/**
 * A viewer's screen: writes go to the SSH channel; `columns` and `rows` follow the client's
 * `window-change` requests, each of which emits `resize`. Typed as the process's stdout for
 * ink; only the stream and tty members ink uses are real.
 */
export type ViewerStdout = NodeJS.WriteStream & { isTTY: true; columns: number; rows: number };

export interface ViewerIo {
  stdin: ViewerStdin;
  stdout: ViewerStdout;
  /**
   * The channel's stderr (SSH extended data), which OpenSSH prints on the same terminal:
   * for ink's `stderr` option, so nothing a viewer causes reaches the server's own stderr.
   */
  stderr: ViewerStdout;
  /** From the key's line in authorized_keys: true unless the line grants trading. */
  readOnly: boolean;
  /**
   * `SHA256:...` of the viewer's key (OpenSSH's fingerprint), the remote `address:port`, and
   * the key's comment in authorized_keys ("alice@laptop"; empty when the line has none).
   */
  who: { fingerprint: string; address: string; comment: string };
  /**
   * What the client said of its terminal: TERM from its pty request, COLORTERM if it sent
   * it (OpenSSH sends it only with `SendEnv COLORTERM`). For choosing colours per viewer.
   */
  terminal: { term: string; colorTerm?: string };
}

/**
 * Mounts one viewer's dashboard. `closed` resolves when the viewer quits (q) or after
 * `close()` was called and the screen was restored; the server then ends the channel, so
 * whatever the face writes before resolving reaches the client first.
 */
export type MountViewer = (io: ViewerIo) => { closed: Promise<void>; close(): void };
