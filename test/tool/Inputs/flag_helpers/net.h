#define INVALID_SOCKET -1
#define ERR_ERRNO 14

int socket_nonblock(int *sock);
int socket_nonblock_logged(int *sock);
