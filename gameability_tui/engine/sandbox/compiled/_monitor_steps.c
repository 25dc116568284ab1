/* Deterministic step counting for candidate code on Python 3.12+, through sys.monitoring.
 *
 * Why not _steps.c there: on 3.12 and 3.13 settrace is built on sys.monitoring, and switching a
 * tracer on and off around each candidate call re-instruments code and costs some 3.5 us each
 * time. Here the events are set once, for the life of the process, under a tool id of our own,
 * and counting is gated by a C flag that run() sets and clears: nothing is toggled per call.
 *
 * What is counted: function starts (PY_START), generator and coroutine resumptions (PY_RESUME:
 * a generator driven from C, by sum() or list(), resumes with no Python loop around it) and
 * backward jumps (JUMP events whose destination is not ahead): every Python loop and every
 * recursion passes one of these, so a run that never returns is stopped. Forward jumps are
 * disabled where they stand (sys.monitoring.DISABLE) the first time they are seen: they bound
 * nothing. Only the thread that called run() is counted, as a trace function counts only its
 * own thread: another thread's events would make the count depend on scheduling.
 *
 * Threats, and the defence:
 * - A bare `except:` in a loop swallowing the stop: once the budget is spent every later counted
 *   event raises again, and a loop's backward jump is never inside its own body's handlers.
 * - Code that runs in the process outside run() (the runner between calls): the flag is off,
 *   the callback returns at once, nothing is counted.
 * - A candidate that switches our events off or frees our tool id: run() checks both after the
 *   call and reports such a run as exceeded (steps.py also guards sys.monitoring's functions).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#if PY_VERSION_HEX < 0x030C0000
#error "_monitor_steps needs sys.monitoring (Python 3.12 or later); _steps.c counts on older ones"
#endif

#define TOOL_NAME "gameability-tui steps"

/* The counted events, read from sys.monitoring.events when the tool is claimed. */
static const char *const event_names[] = {"PY_START", "PY_RESUME", "JUMP"};
static long event_ids[3] = {0, 0, 0};
static long counted_events = 0;

static int tool = -1;               /* our tool id, once claimed */
static PyObject *set_events = NULL; /* sys.monitoring's own functions, taken before any candidate */
static PyObject *get_events = NULL;
static PyObject *get_tool = NULL;
static PyObject *use_tool_id = NULL;
static PyObject *free_tool_id = NULL;
static PyObject *register_callback = NULL;
static PyObject *disable = NULL;    /* sys.monitoring.DISABLE */
static PyObject *callback = NULL;   /* on_event as a builtin function object */

static long long steps = 0;
static long long limit = 0;
static long long count_until = -1; /* past this many steps, stop counting: the rest runs unseen */
static int counting = 0;           /* the gate: only run() sets it */
static int stopped_counting = 0;
static int events_off = 0;         /* switched off after a count_until stop, on again at the next run */
static int tampered = 0;           /* something touched our tool while a run was counted */
static int needs_repair = 0;       /* our tool was found changed after a run: install it again */
static PyThreadState *counted_thread = NULL;
static PyObject *budget_error = NULL;

static int
call_set_events(long events)
{
    PyObject *result = PyObject_CallFunction(set_events, "il", tool, events);
    if (result == NULL) {
        return -1;
    }
    Py_DECREF(result);
    return 0;
}

/* The callback of all three events: (code, offset) or (code, offset, destination). */
static PyObject *
on_event(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs == 3) {
        long offset = PyLong_AsLong(args[1]);
        long destination = PyLong_AsLong(args[2]);
        if (destination > offset) { /* a forward jump never closes a loop: off where it stands */
            return Py_NewRef(disable);
        }
    }
    if (!counting || PyThreadState_Get() != counted_thread) {
        Py_RETURN_NONE;
    }
    if (++steps > limit) {
        PyErr_SetNone(budget_error);
        return NULL;
    }
    if (steps == count_until) {
        /* Only a run with no budget stops counting (the reference on a costly test): it runs on
         * with our events off, at full speed, and its steps are reported as -1, not counted. */
        counting = 0;
        stopped_counting = 1;
        events_off = 1;
        if (call_set_events(0) < 0) {
            return NULL;
        }
    }
    Py_RETURN_NONE;
}

static PyMethodDef on_event_def = {"on_event", (PyCFunction)(void (*)(void))on_event, METH_FASTCALL,
                                   "Count one event of the counted thread while run() counts."};

/* event_ids and counted_events from sys.monitoring.events */
static int
read_events(PyObject *monitoring)
{
    PyObject *events = PyObject_GetAttrString(monitoring, "events");
    if (events == NULL) {
        return -1;
    }
    counted_events = 0;
    for (size_t i = 0; i < 3; i++) {
        PyObject *id = PyObject_GetAttrString(events, event_names[i]);
        event_ids[i] = id == NULL ? -1 : PyLong_AsLong(id);
        Py_XDECREF(id);
        if (event_ids[i] <= 0) {
            Py_DECREF(events);
            if (!PyErr_Occurred()) {
                PyErr_Format(PyExc_RuntimeError, "sys.monitoring has no event %s", event_names[i]);
            }
            return -1;
        }
        counted_events |= event_ids[i];
    }
    Py_DECREF(events);
    return 0;
}

/* Own `tool` with our callback and events (again, after a candidate changed them). */
static int
install(int tool_id)
{
    PyObject *name = PyObject_CallFunction(get_tool, "i", tool_id);
    if (name == NULL) {
        return -1;
    }
    int ours = PyUnicode_Check(name) && PyUnicode_CompareWithASCIIString(name, TOOL_NAME) == 0;
    int taken = name != Py_None;
    Py_DECREF(name);
    if (!ours) {
        if (taken) {
            PyObject *freed = PyObject_CallFunction(free_tool_id, "i", tool_id);
            if (freed == NULL) {
                return -1;
            }
            Py_DECREF(freed);
        }
        PyObject *used = PyObject_CallFunction(use_tool_id, "is", tool_id, TOOL_NAME);
        if (used == NULL) {
            return -1;
        }
        Py_DECREF(used);
    }
    for (size_t i = 0; i < 3; i++) {
        PyObject *old = PyObject_CallFunction(register_callback, "ilO", tool_id, event_ids[i], callback);
        if (old == NULL) {
            return -1;
        }
        Py_DECREF(old);
    }
    PyObject *result = PyObject_CallFunction(set_events, "il", tool_id, counted_events);
    if (result == NULL) {
        return -1;
    }
    Py_DECREF(result);
    return 0;
}

/* Take sys.monitoring's functions (before any candidate runs), claim a free tool id and set the
 * events: once per process. */
static int
claim(void)
{
    if (tool >= 0) {
        return 0;
    }
    PyObject *sys = PyImport_ImportModule("sys");
    if (sys == NULL) {
        return -1;
    }
    PyObject *monitoring = PyObject_GetAttrString(sys, "monitoring");
    Py_DECREF(sys);
    if (monitoring == NULL) {
        return -1;
    }
    if (read_events(monitoring) < 0) {
        Py_DECREF(monitoring);
        return -1;
    }
    PyObject **slots[] = {&use_tool_id, &free_tool_id, &register_callback, &set_events, &get_events, &get_tool, &disable};
    const char *names[] = {"use_tool_id", "free_tool_id", "register_callback", "set_events", "get_events", "get_tool", "DISABLE"};
    for (size_t i = 0; i < sizeof(slots) / sizeof(slots[0]); i++) {
        if (*slots[i] == NULL && (*slots[i] = PyObject_GetAttrString(monitoring, names[i])) == NULL) {
            Py_DECREF(monitoring);
            return -1;
        }
    }
    Py_DECREF(monitoring);
    if (callback == NULL && (callback = PyCFunction_New(&on_event_def, NULL)) == NULL) {
        return -1;
    }
    /* 3 and 4 have no role in PEP 669 (0 debugger, 1 coverage, 2 profiler, 5 optimizer) */
    static const int free_ids[] = {4, 3};
    for (size_t i = 0; i < sizeof(free_ids) / sizeof(free_ids[0]); i++) {
        PyObject *name = PyObject_CallFunction(get_tool, "i", free_ids[i]);
        if (name == NULL) {
            return -1;
        }
        int free = name == Py_None;
        Py_DECREF(name);
        if (free) {
            if (install(free_ids[i]) < 0) {
                return -1;
            }
            tool = free_ids[i];
            return 0;
        }
    }
    PyErr_SetString(PyExc_RuntimeError, "no free sys.monitoring tool id for the step counter");
    return -1;
}

/* Whether our tool still holds its name, its events and its callback: a candidate may have
 * freed or muted it. (Swapping a callback in and out moves a pointer; no code is re-instrumented.)
 * Called after every run: vectorcalls with the arguments made once. */
static int
intact(void)
{
    static PyObject *tool_obj = NULL, *event_objs[3] = {NULL, NULL, NULL};
    if (tool_obj == NULL) {
        tool_obj = PyLong_FromLong(tool);
        for (size_t i = 0; i < 3 && tool_obj != NULL; i++) {
            if ((event_objs[i] = PyLong_FromLong(event_ids[i])) == NULL) {
                Py_CLEAR(tool_obj);
            }
        }
        if (tool_obj == NULL) {
            PyErr_Clear();
            return 0;
        }
    }
    PyObject *name = PyObject_CallOneArg(get_tool, tool_obj);
    int same_name = name != NULL && PyUnicode_Check(name) && PyUnicode_CompareWithASCIIString(name, TOOL_NAME) == 0;
    Py_XDECREF(name);
    PyObject *events = same_name ? PyObject_CallOneArg(get_events, tool_obj) : NULL;
    int same_events = events != NULL && PyLong_AsLong(events) == (events_off ? 0 : counted_events);
    Py_XDECREF(events);
    int same_callbacks = same_events;
    for (size_t i = 0; i < 3 && same_callbacks; i++) {
        PyObject *args[3] = {tool_obj, event_objs[i], callback};
        PyObject *old = PyObject_Vectorcall(register_callback, args, 3, NULL);
        same_callbacks = old == callback;
        Py_XDECREF(old);
    }
    if (PyErr_Occurred()) {
        PyErr_Clear();
    }
    return same_callbacks;
}

/* start() -> tool id: claim the tool and set the events for the life of the process. */
static PyObject *
start(PyObject *self, PyObject *unused)
{
    if (claim() < 0) {
        return NULL;
    }
    return PyLong_FromLong(tool);
}

/* forbid(): a guard in sys.monitoring saw a candidate touch our tool. The run in progress is
 * spent (and reported exceeded); raised in its code if one is counting. */
static PyObject *
forbid(PyObject *self, PyObject *unused)
{
    if (!counting || budget_error == NULL) {
        PyErr_SetString(PyExc_ValueError, "tool id in use by the step counter");
        return NULL;
    }
    tampered = 1;
    if (steps <= limit) {
        steps = limit + 1;
    }
    PyErr_SetNone(budget_error);
    return NULL;
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
    if (claim() < 0) {
        return NULL;
    }
    if (events_off || needs_repair) {
        if (install(tool) < 0) {
            return NULL;
        }
        events_off = needs_repair = 0;
    }
    Py_XSETREF(budget_error, Py_NewRef(error_class));
    steps = 0;
    limit = budget;
    count_until = until;
    stopped_counting = 0;
    tampered = 0;
    counted_thread = PyThreadState_Get();
    counting = 1;
    PyObject *value = PyObject_CallNoArgs(action);
    counting = 0;
    counted_thread = NULL;
    PyObject *type = NULL, *error = NULL, *traceback = NULL;
    if (value == NULL) {
        PyErr_Fetch(&type, &error, &traceback);
        PyErr_NormalizeException(&type, &error, &traceback);
        Py_XDECREF(traceback);
    }
    /* A run whose counting was switched off by the candidate did not finish cheaply: spent. */
    needs_repair = tampered || !intact();
    int exceeded = needs_repair || steps > limit ||
                   (type != NULL && PyErr_GivenExceptionMatches(type, budget_error));
    long long used = stopped_counting ? -1 : steps;
    PyObject *result;
    if (exceeded) {
        result = Py_BuildValue("(OLOO)", Py_None, used, Py_None, Py_True);
    } else if (value != NULL) {
        result = Py_BuildValue("(OLOO)", value, used, Py_None, Py_False);
    } else {
        result = Py_BuildValue("(OLOO)", Py_None, used, error ? error : Py_None, Py_False);
    }
    Py_XDECREF(value);
    Py_XDECREF(type);
    Py_XDECREF(error);
    return result;
}

static PyMethodDef methods[] = {
    {"run", run, METH_VARARGS, "Call action() counting starts, resumptions and backward jumps; stop it past the limit."},
    {"start", start, METH_NOARGS, "Claim the tool id and set the counted events for the process's life."},
    {"forbid", forbid, METH_NOARGS, "Spend the counted run: a candidate touched the counter's tool."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_monitor_steps", NULL, -1, methods};

PyMODINIT_FUNC
PyInit__monitor_steps(void)
{
    return PyModule_Create(&module);
}
