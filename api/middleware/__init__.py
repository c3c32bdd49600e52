"""What every request passes through: proxy trust, request ids, security headers, the time budget, the access log."""
