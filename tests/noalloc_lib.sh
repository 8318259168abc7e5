# Shared by the no-allocation tests (sourced, not run by run.sh): checks with nm that the
# objects of one capability reference no allocator.
# noalloc_check BUILD CAPABILITY ALLOC_RE [WRAPPERS [EXEMPT]]: every object of BUILD/obj/src/CAPABILITY
# must leave the symbols matching ALLOC_RE undefined-free, except an object that defines one
# of WRAPPERS (function names separated by spaces: allocating wrappers and a helper they
# share, which the compiler may inline into them or not), whose references must (when
# objdump is at hand) all come from inside those functions.
# EXEMPT (optional): object names (file names without .o, separated by spaces) whose
# allocation the capability's header documents (a research call that keeps working sets on
# the heap); they are listed, not checked.
# Prints the "N passed, N failed" line and returns 1 on a failure.
noalloc_check() {
    build=$1
    cap=$2
    alloc_re=$3
    wrapper=${4:-}
    exempt=${5:-}
    pass=0
    fail=0
    if ! command -v nm >/dev/null 2>&1; then
        echo "skipped: nm is not installed"
        echo "0 passed, 0 failed"
        return 0
    fi
    checked=0
    for o in "$build"/obj/src/"$cap"/*.o; do
        [ -f "$o" ] || continue
        checked=$((checked + 1))
        name=${o#"$build"/obj/}
        case " $exempt " in
        *" $(basename "$o" .o) "*)
            echo "info: $name may allocate (documented in its header)"
            pass=$((pass + 1))
            continue
            ;;
        esac
        # the undefined symbols, without any @version suffix
        refs=$(nm -u "$o" | awk '{print $NF}' | sed 's/@.*//' | grep -E "$alloc_re" | sort -u | tr '\n' ' ' | sed 's/ $//')
        if [ -z "$refs" ]; then
            echo "info: $name references no allocator"
            pass=$((pass + 1))
            continue
        fi
        defined=$(nm --defined-only "$o" | awk '{print $NF}')
        has_wrapper=0
        for w in $wrapper; do
            printf '%s\n' "$defined" | grep -qx "$w" && has_wrapper=1
        done
        if [ "$has_wrapper" -eq 0 ]; then
            fail=$((fail + 1))
            echo "FAIL: $name references $refs"
            continue
        fi
        if command -v objdump >/dev/null 2>&1; then
            # the function around each relocation that names an allocator (a clone the
            # compiler split off, such as f.part.0 or f.isra.0, counts as f)
            where=$(objdump -dr "$o" | awk -v re="$alloc_re" '
                /^[0-9a-f]+ <[^>]+>:$/ { fn = $2; gsub(/[<>:]/, "", fn); sub(/\..*$/, "", fn); next }
                / R_[A-Z0-9_]+[ \t]/ { s = $NF; sub(/[-+]0x[0-9a-f]+$/, "", s); sub(/@.*/, "", s);
                                       if (s ~ re) print fn }' | sort -u | tr '\n' ' ' | sed 's/ $//')
            outside=""
            for fn in $where; do
                case " $wrapper " in
                *" $fn "*) ;;
                *) outside="$outside $fn" ;;
                esac
            done
            if [ -n "$where" ] && [ -z "$outside" ]; then
                echo "info: $name references $refs only from $where"
                pass=$((pass + 1))
            else
                fail=$((fail + 1))
                echo "FAIL: $name references $refs from: $where"
            fi
        else
            echo "info: $name references $refs and defines $wrapper (objdump missing: not narrowed)"
            pass=$((pass + 1))
        fi
    done
    if [ "$checked" -eq 0 ]; then
        fail=$((fail + 1))
        echo "FAIL: no objects in $build/obj/src/$cap (build the library first)"
    else
        echo "info: checked $checked objects of src/$cap"
    fi
    echo "$pass passed, $fail failed"
    [ "$fail" -eq 0 ]
}

# The C library's allocators.
NOALLOC_LIBC='malloc|calloc|realloc|reallocarray|free|aligned_alloc|posix_memalign|memalign|valloc|pvalloc|strdup|strndup|alloca|__builtin_alloca'
