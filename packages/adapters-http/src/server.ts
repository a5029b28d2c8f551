// Starts the app on a port and stops it gracefully: stop accepting, let requests in flight finish (bounded),
// then close idle keep-alive sockets.
import { createServer, type RequestListener, type Server } from "node:http";

export interface RunningServer {
  readonly server: Server;
  readonly port: number;
  close(graceMs?: number): Promise<void>;
}

export function startHttpServer(app: RequestListener, port: number, host?: string): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server = createServer(app);
    server.keepAliveTimeout = 65_000;
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      const address = server.address();
      const bound = typeof address === "object" && address ? address.port : port;
      resolve({
        server,
        port: bound,
        close: (graceMs = 10_000) =>
          new Promise<void>((done) => {
            const force = setTimeout(() => server.closeAllConnections(), graceMs);
            force.unref();
            server.close(() => {
              clearTimeout(force);
              done();
            });
            server.closeIdleConnections();
          }),
      });
    });
  });
}
