/* bare_server.c: the ceiling for bench/run. One libuv loop, llhttp, one fixed JSON answer, keep-alive
 * and pipelining, nothing else: what this stack does with no framework at all. Not part of Jobhafen.
 *
 *   cc -O2 -o bare_server bare_server.c /usr/lib/x86_64-linux-gnu/libllhttp.a $(pkg-config --cflags --libs libuv)
 *   ./bare_server PORT ['{"message":"Hallo Welt"}']
 */
#include <llhttp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <uv.h>

static const char* body = "{\"message\":\"Hallo Welt\"}";
static char response[512];  /* the whole answer, rebuilt once a second for its Date header */
static size_t response_len;
static llhttp_settings_t settings;

typedef struct {
    uv_tcp_t tcp;
    llhttp_t parser;
    int answers;  /* complete requests seen in the current read, answered with one write */
    int close_after_write;
} conn_t;

typedef struct {
    uv_write_t req;
    uv_buf_t buf;
} write_t;

static void build_response(uv_timer_t* timer) {
    (void)timer;
    char date[64];
    time_t now = time(NULL);
    strftime(date, sizeof date, "%a, %d %b %Y %H:%M:%S GMT", gmtime(&now));
    response_len = (size_t)snprintf(response, sizeof response,
                                    "HTTP/1.1 200 OK\r\nDate: %s\r\nContent-Type: application/json\r\n"
                                    "Content-Length: %zu\r\n\r\n%s", date, strlen(body), body);
}

static int on_message_complete(llhttp_t* parser) {
    conn_t* c = (conn_t*)parser->data;
    c->answers++;
    /* Asked here: after llhttp_execute returns, the parser has already been reset. */
    if (!llhttp_should_keep_alive(parser)) c->close_after_write = 1;
    return 0;
}

static void on_close(uv_handle_t* handle) { free(handle); }

static void on_write(uv_write_t* req, int status) {
    write_t* w = (write_t*)req;
    conn_t* c = (conn_t*)req->handle;
    if ((status < 0 || c->close_after_write) && !uv_is_closing((uv_handle_t*)c)) uv_close((uv_handle_t*)c, on_close);
    free(w->buf.base);
    free(w);
}

static void on_alloc(uv_handle_t* handle, size_t suggested, uv_buf_t* buf) {
    (void)handle;
    static char slab[65536];  /* one loop, one read at a time: a static buffer is enough */
    (void)suggested;
    *buf = uv_buf_init(slab, sizeof slab);
}

static void on_read(uv_stream_t* stream, ssize_t nread, const uv_buf_t* buf) {
    conn_t* c = (conn_t*)stream;
    if (nread < 0) {
        if (!uv_is_closing((uv_handle_t*)stream)) uv_close((uv_handle_t*)stream, on_close);
        return;
    }
    if (nread == 0) return;
    c->answers = 0;
    llhttp_errno_t err = llhttp_execute(&c->parser, buf->base, (size_t)nread);
    if (c->answers > 0) {
        write_t* w = malloc(sizeof *w);
        w->buf = uv_buf_init(malloc(response_len * (size_t)c->answers), (unsigned)(response_len * (size_t)c->answers));
        for (int i = 0; i < c->answers; i++) memcpy(w->buf.base + (size_t)i * response_len, response, response_len);
        /* HTTP/1.0 or Connection: close: the answer goes out first, then the connection closes. */
        if (err != HPE_OK) c->close_after_write = 1;
        if (uv_write(&w->req, stream, &w->buf, 1, on_write) == 0) return;
        free(w->buf.base);
        free(w);
    }
    if (err != HPE_OK || c->close_after_write) {
        if (!uv_is_closing((uv_handle_t*)stream)) uv_close((uv_handle_t*)stream, on_close);
    }
}

static void on_connection(uv_stream_t* server, int status) {
    if (status < 0) return;
    conn_t* c = calloc(1, sizeof *c);
    uv_tcp_init(server->loop, &c->tcp);
    if (uv_accept(server, (uv_stream_t*)&c->tcp) != 0) {
        uv_close((uv_handle_t*)&c->tcp, on_close);
        return;
    }
    uv_tcp_nodelay(&c->tcp, 1);
    llhttp_init(&c->parser, HTTP_REQUEST, &settings);
    c->parser.data = c;
    uv_read_start((uv_stream_t*)&c->tcp, on_alloc, on_read);
}

int main(int argc, char** argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s PORT [JSON-BODY]\n", argv[0]);
        return 2;
    }
    if (argc > 2) body = argv[2];
    llhttp_settings_init(&settings);
    settings.on_message_complete = on_message_complete;

    uv_loop_t* loop = uv_default_loop();
    uv_timer_t date_timer;
    uv_timer_init(loop, &date_timer);
    build_response(&date_timer);
    uv_timer_start(&date_timer, build_response, 1000, 1000);

    uv_tcp_t server;
    struct sockaddr_in addr;
    uv_tcp_init(loop, &server);
    uv_ip4_addr("127.0.0.1", atoi(argv[1]), &addr);
    int rc = uv_tcp_bind(&server, (const struct sockaddr*)&addr, 0);
    if (rc == 0) rc = uv_listen((uv_stream_t*)&server, 1024, on_connection);
    if (rc != 0) {
        fprintf(stderr, "bare_server: cannot listen on 127.0.0.1:%s: %s\n", argv[1], uv_strerror(rc));
        return 1;
    }
    return uv_run(loop, UV_RUN_DEFAULT);
}
