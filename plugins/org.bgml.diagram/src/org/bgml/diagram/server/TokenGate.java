package org.bgml.diagram.server;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

import org.eclipse.jetty.http.HttpCookie;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Fields;

/**
 * Every request, the page and the WebSocket alike, must carry the access token: as {@code ?token=} or as the
 * {@code bgml_token} cookie that a request with the right query parameter sets (so the page's own assets load by
 * relative paths). Anything else gets 403.
 */
final class TokenGate extends Handler.Wrapper {
    static final String COOKIE = "bgml_token";
    private final byte[] token;

    TokenGate(String token, Handler next) {
        super(next);
        this.token = token.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        Fields query = Request.extractQueryParameters(request);
        String fromQuery = query.getValue("token");
        String given = fromQuery;
        if (given == null) {
            for (HttpCookie c : Request.getCookies(request)) {
                if (COOKIE.equals(c.getName())) {
                    given = c.getValue();
                }
            }
        }
        if (given == null || !MessageDigest.isEqual(token, given.getBytes(StandardCharsets.UTF_8))) {
            Response.writeError(request, response, callback, 403, "a valid access token is required");
            return true;
        }
        if (fromQuery != null) {
            response.getHeaders().add(HttpHeader.SET_COOKIE, COOKIE + "=" + fromQuery + "; Path=/; HttpOnly; SameSite=Strict");
        }
        return super.handle(request, response, callback);
    }
}
