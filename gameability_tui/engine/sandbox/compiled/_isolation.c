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
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

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
#endif

static PyMethodDef methods[] = {
    {"holds_entries", holds_entries, METH_VARARGS, "Every key of the first dict maps to the same object in the second."},
    {"same_entries", same_entries, METH_VARARGS, "Both dicts hold the same keys, each mapping to the same object."},
    {"die_with_parent", die_with_parent, METH_VARARGS, "Ask the kernel for this signal when the parent exits."},
#ifdef HAVE_FORK_SIBLING
    {"fork_sibling", fork_sibling, METH_NOARGS, "Fork a child whose parent is this process's parent."},
#endif
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_isolation", NULL, -1, methods};

PyMODINIT_FUNC
PyInit__isolation(void)
{
    return PyModule_Create(&module);
}
