/* Deterministic step counting for candidate code, as a C trace function.
 *
 * The Python-level tracer (sys.settrace) costs a Python call per event; this one costs a C call.
 * It counts the same events (call, line, return, exception in Python frames). Once the budget is
 * spent it raises on EVERY later event, so benchmark code with a bare `except:` inside a loop
 * cannot swallow the stop and keep running. A run with no budget may be told to stop counting
 * after so many steps (count_until): tracing is switched off and the run finishes untraced.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <frameobject.h>

static long long steps = 0;
static long long limit = 0;
static long long count_until = -1; /* past this many steps, stop counting: the rest runs untraced */
static int stopped_counting = 0;
static PyObject *budget_error = NULL;

static int
count_step(PyObject *obj, PyFrameObject *frame, int what, PyObject *arg)
{
    if (what == PyTrace_OPCODE) {
        return 0;
    }
    if (++steps > limit) {
        PyErr_SetNone(budget_error);
        return -1;
    }
    if (steps == count_until) {
        /* Only a run with no budget stops counting (the reference on a costly test): it runs on
         * at full speed, and its steps are reported as -1, not counted. */
        stopped_counting = 1;
        PyEval_SetTrace(NULL, NULL);
    }
    return 0;
}

/* run(action, limit, error_class, count_until=-1) -> (value, steps, error, exceeded);
 * steps is -1 when counting stopped at count_until */
static PyObject *
run(PyObject *self, PyObject *args)
{
    PyObject *action, *error_class;
    long long budget, until = -1;
    if (!PyArg_ParseTuple(args, "OLO|L", &action, &budget, &error_class, &until)) {
        return NULL;
    }
    Py_XSETREF(budget_error, Py_NewRef(error_class));
    steps = 0;
    limit = budget;
    count_until = until;
    stopped_counting = 0;
    PyEval_SetTrace(count_step, NULL);
    PyObject *value = PyObject_CallNoArgs(action);
    PyEval_SetTrace(NULL, NULL);
    long long used = stopped_counting ? -1 : steps;
    if (value != NULL) {
        return Py_BuildValue("(NLOO)", value, used, Py_None, Py_False);
    }
    PyObject *type, *error, *traceback;
    PyErr_Fetch(&type, &error, &traceback);
    PyErr_NormalizeException(&type, &error, &traceback);
    Py_XDECREF(traceback);
    int exceeded = steps > limit || (type != NULL && PyErr_GivenExceptionMatches(type, budget_error));
    PyObject *result = Py_BuildValue("(OLOO)", Py_None, used, exceeded ? Py_None : (error ? error : Py_None),
                                     exceeded ? Py_True : Py_False);
    Py_XDECREF(type);
    Py_XDECREF(error);
    return result;
}

static PyMethodDef methods[] = {
    {"run", run, METH_VARARGS, "Call action() counting trace events; stop it past the limit."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_steps", NULL, -1, methods};

PyMODINIT_FUNC
PyInit__steps(void)
{
    return PyModule_Create(&module);
}
