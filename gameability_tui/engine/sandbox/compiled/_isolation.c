/* C helpers for a candidate's child process (sandbox.py), where every page written after the
 * fork is a copy-on-write fault.
 *
 * Comparing the child's builtins, modules and environment with the worker's copy from Python
 * touches the reference count of every object in them (over a thousand, each on a page the
 * worker shares with the child): about 240 page faults per child. Here the comparison reads the
 * two dicts with borrowed references and compares identities, so it writes nothing. An entry
 * that was replaced by an equal but different object counts as changed: stricter than `==`,
 * which only ever ends a child sooner.
 *
 * The parent-death signal is set here too, instead of through ctypes, whose first call in a new
 * child costs about as much.
 *
 * fork_sibling() forks a child whose parent is this process's parent (``zygote.py``): the worker
 * keeps a small idle process that forks its candidates' children, so that the worker itself never
 * forks, and never pays the copy-on-write faults a fork costs every page it writes afterwards.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <linux/capability.h>
#include <malloc.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef SECBIT_NOROOT
#define SECBIT_NOROOT (1 << 0)
#define SECBIT_NOROOT_LOCKED (1 << 1)
#define SECBIT_NO_SETUID_FIXUP (1 << 2)
#define SECBIT_NO_SETUID_FIXUP_LOCKED (1 << 3)
#define SECBIT_KEEP_CAPS_LOCKED (1 << 5)
#endif

/* holds_entries(mine, other) -> True if every key of `mine` maps to the same object in `other` */
static PyObject *
holds_entries(PyObject *self, PyObject *args)
{
    PyObject *mine, *other, *key, *value;
    Py_ssize_t position = 0;
    if (!PyArg_ParseTuple(args, "O!O!", &PyDict_Type, &mine, &PyDict_Type, &other)) {
        return NULL;
    }
    while (PyDict_Next(mine, &position, &key, &value)) {
        PyObject *found = PyDict_GetItemWithError(other, key);
        if (found != value) {
            if (found == NULL && PyErr_Occurred()) {
                return NULL;
            }
            Py_RETURN_FALSE;
        }
    }
    Py_RETURN_TRUE;
}

/* same_entries(mine, other) -> True if both hold the same keys, each mapping to the same object */
static PyObject *
same_entries(PyObject *self, PyObject *args)
{
    PyObject *mine, *other;
    if (!PyArg_ParseTuple(args, "O!O!", &PyDict_Type, &mine, &PyDict_Type, &other)) {
        return NULL;
    }
    if (PyDict_GET_SIZE(mine) != PyDict_GET_SIZE(other)) {
        Py_RETURN_FALSE;
    }
    return holds_entries(self, args);
}

/* die_with_parent(signal): the kernel sends `signal` to this process when its parent exits */
static PyObject *
die_with_parent(PyObject *self, PyObject *args)
{
    int signal_number;
    if (!PyArg_ParseTuple(args, "i", &signal_number)) {
        return NULL;
    }
    if (prctl(PR_SET_PDEATHSIG, signal_number) != 0) {
        return PyErr_SetFromErrno(PyExc_OSError);
    }
    Py_RETURN_NONE;
}

/* fork_sibling() -> pid: os.fork(), but the child's parent is this process's parent (CLONE_PARENT).
 * The interpreter's own fork bookkeeping runs as os.fork() runs it; glibc's is not needed by a
 * process with one thread that holds no lock (the zygote). Only where the raw clone call takes
 * its flags first (x86, ARM): elsewhere the module has no fork_sibling, and workers fork. */
#if defined(__x86_64__) || defined(__i386__) || defined(__aarch64__) || defined(__arm__)
#define HAVE_FORK_SIBLING 1
static PyObject *
fork_sibling(PyObject *self, PyObject *noargs)
{
    PyOS_BeforeFork();
    long pid = syscall(SYS_clone, (unsigned long)(CLONE_PARENT | SIGCHLD), NULL, NULL, NULL, NULL);
    if (pid == 0) {
        PyOS_AfterFork_Child();
        return PyLong_FromLong(0);
    }
    int saved = errno;
    PyOS_AfterFork_Parent();
    if (pid < 0) {
        errno = saved;
        return PyErr_SetFromErrno(PyExc_OSError);
    }
    return PyLong_FromLong(pid);
}

/* clone_isolated(flags, sibling) -> (pid, go_fd): fork_sibling() (or os.fork(), without
 * ``sibling``) into new namespaces (``flags``: CLONE_NEWUSER, CLONE_NEWPID...). The child waits
 * until the caller has written its uid and gid maps and writes a byte to ``go_fd`` (or closes
 * it: then the child exits at once), so that it never runs unmapped. The child gets (0, -1). */
static PyObject *
clone_isolated(PyObject *self, PyObject *args)
{
    unsigned long flags;
    int sibling;
    int go[2];
    if (!PyArg_ParseTuple(args, "kp", &flags, &sibling)) {
        return NULL;
    }
    if (pipe2(go, O_CLOEXEC) != 0) {
        return PyErr_SetFromErrno(PyExc_OSError);
    }
    PyOS_BeforeFork();
    long pid = syscall(SYS_clone, flags | (sibling ? CLONE_PARENT : 0) | SIGCHLD, NULL, NULL, NULL, NULL);
    if (pid == 0) {
        char byte;
        PyOS_AfterFork_Child();
        close(go[1]);
        ssize_t got;
        do {
            got = read(go[0], &byte, 1);
        } while (got < 0 && errno == EINTR);
        if (got != 1) {
            _exit(1);
        }
        close(go[0]);
        return Py_BuildValue("(ii)", 0, -1);
    }
    int saved = errno;
    PyOS_AfterFork_Parent();
    close(go[0]);
    if (pid < 0) {
        close(go[1]);
        errno = saved;
        return PyErr_SetFromErrno(PyExc_OSError);
    }
    return Py_BuildValue("(li)", pid, go[1]);
}
#endif

/* mount(source, target, fstype, flags, data): mount(2), with None for NULL */
static PyObject *
mount_(PyObject *self, PyObject *args)
{
    const char *source, *target, *fstype, *data;
    unsigned long flags;
    if (!PyArg_ParseTuple(args, "zszkz", &source, &target, &fstype, &flags, &data)) {
        return NULL;
    }
    if (mount(source, target, fstype, flags, data) != 0) {
        return PyErr_SetFromErrnoWithFilename(PyExc_OSError, target);
    }
    Py_RETURN_NONE;
}

/* drop_privileges(): no capability left, none to gain again (bounding set cleared, securebits
 * locked, no_new_privs), so that root inside the namespaces cannot undo its mounts. */
static PyObject *
drop_privileges(PyObject *self, PyObject *noargs)
{
    for (int cap = 0; cap <= 63; cap++) {
        if (prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0 && errno != EINVAL) {
            return PyErr_SetFromErrno(PyExc_OSError);
        }
    }
    if (prctl(PR_SET_SECUREBITS, SECBIT_NOROOT | SECBIT_NOROOT_LOCKED | SECBIT_NO_SETUID_FIXUP |
                                     SECBIT_NO_SETUID_FIXUP_LOCKED | SECBIT_KEEP_CAPS_LOCKED,
              0, 0, 0) != 0) {
        return PyErr_SetFromErrno(PyExc_OSError);
    }
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) {
        return PyErr_SetFromErrno(PyExc_OSError);
    }
    struct __user_cap_header_struct header = {_LINUX_CAPABILITY_VERSION_3, 0};
    struct __user_cap_data_struct data[2] = {{0, 0, 0}, {0, 0, 0}};
    if (syscall(SYS_capset, &header, data) != 0) {
        return PyErr_SetFromErrno(PyExc_OSError);
    }
    Py_RETURN_NONE;
}

/* make_dumpable(): PR_SET_DUMPABLE 1. A change of user makes a process undumpable, and then its
 * /proc/PID files are owned by the host's root: a candidate mapped to nobody could not read its
 * own /proc/self/environ, as every process that never changed user can. */
static PyObject *
make_dumpable(PyObject *self, PyObject *noargs)
{
    if (prctl(PR_SET_DUMPABLE, 1, 0, 0, 0) != 0) {
        return PyErr_SetFromErrno(PyExc_OSError);
    }
    Py_RETURN_NONE;
}

/* arena_max(n): glibc's M_ARENA_MAX, so that threads share arenas instead of reserving 64 MB each */
static PyObject *
arena_max(PyObject *self, PyObject *args)
{
    int count;
    if (!PyArg_ParseTuple(args, "i", &count)) {
        return NULL;
    }
#ifdef M_ARENA_MAX
    mallopt(M_ARENA_MAX, count);
#endif
    Py_RETURN_NONE;
}

/* wipe_environ_block(): zero the environment this process was started with (the block that
 * /proc/self/environ shows, env_start..env_end in /proc/self/stat), once nothing points into it
 * any more (every variable kept was set again). A forked child still holds its worker's block. */
static PyObject *
wipe_environ_block(PyObject *self, PyObject *noargs)
{
    char buffer[4096];
    int fd = open("/proc/self/stat", O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        return PyErr_SetFromErrno(PyExc_OSError);
    }
    ssize_t size = read(fd, buffer, sizeof(buffer) - 1);
    close(fd);
    if (size <= 0) {
        return PyErr_SetFromErrno(PyExc_OSError);
    }
    buffer[size] = '\0';
    char *field = strrchr(buffer, ')'); /* past the command name, which may hold spaces */
    unsigned long start = 0, end = 0;
    for (int number = 3; field != NULL && number <= 51; number++) { /* field + 1: field `number` */
        field = strchr(field + 1, ' ');
        if (field != NULL && number == 50) {
            start = strtoul(field + 1, NULL, 10);
        } else if (field != NULL && number == 51) {
            end = strtoul(field + 1, NULL, 10);
        }
    }
    if (start == 0 || end <= start) {
        Py_RETURN_FALSE;
    }
    memset((void *)start, 0, end - start);
    Py_RETURN_TRUE;
}

static PyMethodDef methods[] = {
    {"holds_entries", holds_entries, METH_VARARGS, "Every key of the first dict maps to the same object in the second."},
    {"same_entries", same_entries, METH_VARARGS, "Both dicts hold the same keys, each mapping to the same object."},
    {"die_with_parent", die_with_parent, METH_VARARGS, "Ask the kernel for this signal when the parent exits."},
#ifdef HAVE_FORK_SIBLING
    {"fork_sibling", fork_sibling, METH_NOARGS, "Fork a child whose parent is this process's parent."},
    {"clone_isolated", clone_isolated, METH_VARARGS, "Fork into new namespaces, waiting for its maps."},
#endif
    {"mount", mount_, METH_VARARGS, "mount(2)."},
    {"drop_privileges", drop_privileges, METH_NOARGS, "Drop every capability for good."},
    {"make_dumpable", make_dumpable, METH_NOARGS, "Make this process dumpable again after a change of user."},
    {"arena_max", arena_max, METH_VARARGS, "Set glibc's M_ARENA_MAX."},
    {"wipe_environ_block", wipe_environ_block, METH_NOARGS, "Zero the environment block this process started with."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_isolation", NULL, -1, methods};

PyMODINIT_FUNC
PyInit__isolation(void)
{
    return PyModule_Create(&module);
}
