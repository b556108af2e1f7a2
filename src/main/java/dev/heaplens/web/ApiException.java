package dev.heaplens.web;

/** A request the API refuses: an HTTP status and one line saying why. */
final class ApiException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final int status;

    ApiException(int status, String message) {
        super(message);
        this.status = status;
    }
}
