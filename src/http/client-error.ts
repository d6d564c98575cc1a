/**
 * Requests Node's HTTP parser refuses before any route runs (header fields over its limit, `Content-Length`
 * together with `Transfer-Encoding`, a malformed request line, a client too slow to send its request) still get
 * an error_response. The parser has no request object to answer through, so the response is written on the
 * socket, which is then closed: after a parse error the connection cannot carry another request.
 */
import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import { AppError, toErrorResponse, validationFailed } from '../errors.js';

interface ParserError extends Error {
  code?: string;
  /** llhttp's description of what it refused ("Invalid method encountered"). */
  reason?: string;
}

function appErrorOf(error: ParserError): AppError {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return new AppError('request_timeout_error', 'The request was not received in time');
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return validationFailed([{ property: 'request.headers', code: 'too_many_items_error', message: 'Expected header fields of at most 16 KiB in all' }]);
  }
  const reason = error.reason ?? error.code ?? 'unreadable';
  return validationFailed([{ property: 'request', code: 'invalid_type_error', message: `Expected an HTTP/1.1 request; the parser refused it: ${reason}` }]);
}

export function answerClientError(error: ParserError, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const body = toErrorResponse(appErrorOf(error));
    const text = JSON.stringify(body);
    socket.write(`HTTP/1.1 ${body.status_code} ${STATUS_CODES[body.status_code]}\r\nContent-Type: application/json\r\n`
      + `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`);
  }
  socket.destroy(error);
}
