#define INVALID_SOCKET -1
#define ERR_ERRNO 14

int socket_nonblock(int *sock);
int socket_nonblock_logged(int *sock);

/* 0: non-blocking, anything else: blocking. */
void setblocking(int fd, int state);

struct client;
/* Makes the client non-blocking first, then sets it up. */
struct client *client_create(int fd);
